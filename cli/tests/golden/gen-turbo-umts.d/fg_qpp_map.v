// Copied from rtl/lib/fg_qpp_map.v by fecforge gen V (git HASH). Do not edit.
