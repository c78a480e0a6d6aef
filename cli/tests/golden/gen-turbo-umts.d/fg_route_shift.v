// Copied from rtl/lib/fg_route_shift.v by fecforge gen V (git HASH). Do not edit.
