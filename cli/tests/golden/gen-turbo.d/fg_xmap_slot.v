// Copied from rtl/lib/fg_xmap_slot.v by fecforge gen V (git HASH). Do not edit.
