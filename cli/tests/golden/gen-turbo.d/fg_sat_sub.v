// Copied from rtl/lib/fg_sat_sub.v by fecforge gen V (git HASH). Do not edit.
