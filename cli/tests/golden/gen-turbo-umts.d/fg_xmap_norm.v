// Copied from rtl/lib/fg_xmap_norm.v by fecforge gen V (git HASH). Do not edit.
