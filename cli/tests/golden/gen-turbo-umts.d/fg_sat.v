// Copied from rtl/lib/fg_sat.v by fecforge gen V (git HASH). Do not edit.
