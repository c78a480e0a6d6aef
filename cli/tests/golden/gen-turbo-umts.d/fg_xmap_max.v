// Copied from rtl/lib/fg_xmap_max.v by fecforge gen V (git HASH). Do not edit.
