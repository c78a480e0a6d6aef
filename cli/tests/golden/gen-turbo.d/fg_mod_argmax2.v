// Copied from rtl/lib/fg_mod_argmax2.v by fecforge gen V (git HASH). Do not edit.
