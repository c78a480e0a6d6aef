// Copied from rtl/lib/fg_prefix_or.v by fecforge gen V (git HASH). Do not edit.
