// Copied from rtl/lib/fg_mulmod.v by fecforge gen V (git HASH). Do not edit.
