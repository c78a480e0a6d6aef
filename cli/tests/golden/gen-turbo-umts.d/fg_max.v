// Copied from rtl/lib/fg_max.v by fecforge gen V (git HASH). Do not edit.
