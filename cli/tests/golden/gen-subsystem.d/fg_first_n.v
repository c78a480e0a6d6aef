// Copied from rtl/lib/fg_first_n.v by fecforge gen V (git HASH). Do not edit.
