// Copied from rtl/lib/fg_xmap_ext2.v by fecforge gen V (git HASH). Do not edit.
