// Copied from rtl/lib/fg_sort_net.v by fecforge gen V (git HASH). Do not edit.
