// Copied from rtl/lib/fg_addmod.v by fecforge gen V (git HASH). Do not edit.
