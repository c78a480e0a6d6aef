// Copied from rtl/lib/fg_xmap_gamma4.v by fecforge gen V (git HASH). Do not edit.
