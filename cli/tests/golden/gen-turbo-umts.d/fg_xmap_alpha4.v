// Copied from rtl/lib/fg_xmap_alpha4.v by fecforge gen V (git HASH). Do not edit.
