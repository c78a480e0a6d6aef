// Copied from rtl/lib/fg_xmap_add.v by fecforge gen V (git HASH). Do not edit.
