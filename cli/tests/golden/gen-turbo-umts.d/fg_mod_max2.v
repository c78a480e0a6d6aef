// Copied from rtl/lib/fg_mod_max2.v by fecforge gen V (git HASH). Do not edit.
