// Copied from rtl/lib/fg_xmap_beta4.v by fecforge gen V (git HASH). Do not edit.
