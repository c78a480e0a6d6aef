// Copied from rtl/lib/fg_xmap_acs.v by fecforge gen V (git HASH). Do not edit.
