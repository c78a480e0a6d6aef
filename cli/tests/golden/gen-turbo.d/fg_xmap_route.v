// Copied from rtl/lib/fg_xmap_route.v by fecforge gen V (git HASH). Do not edit.
