// Copied from rtl/lib/fg_xmap_fit.v by fecforge gen V (git HASH). Do not edit.
