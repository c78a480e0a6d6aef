// Copied from rtl/lib/fg_xmap_siso.v by fecforge gen V (git HASH). Do not edit.
