// Copied from rtl/lib/fg_rot_lanes.v by fecforge gen V (git HASH). Do not edit.
