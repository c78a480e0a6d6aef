// Copied from rtl/lib/fg_sat_add.v by fecforge gen V (git HASH). Do not edit.
