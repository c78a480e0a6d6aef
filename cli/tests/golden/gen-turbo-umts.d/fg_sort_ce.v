// Copied from rtl/lib/fg_sort_ce.v by fecforge gen V (git HASH). Do not edit.
