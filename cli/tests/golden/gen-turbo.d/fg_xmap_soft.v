// Copied from rtl/lib/fg_xmap_soft.v by fecforge gen V (git HASH). Do not edit.
