// Copied from rtl/lib/fg_mod_sub.v by fecforge gen V (git HASH). Do not edit.
