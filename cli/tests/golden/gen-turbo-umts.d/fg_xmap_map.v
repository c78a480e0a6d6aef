// Copied from rtl/lib/fg_xmap_map.v by fecforge gen V (git HASH). Do not edit.
