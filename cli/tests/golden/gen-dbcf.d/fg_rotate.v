// Copied from rtl/lib/fg_rotate.v by fecforge gen V (git HASH). Do not edit.
