// Copied from rtl/lib/fg_mod_add.v by fecforge gen V (git HASH). Do not edit.
