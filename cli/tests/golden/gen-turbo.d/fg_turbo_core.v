// Copied from rtl/lib/fg_turbo_core.v by fecforge gen V (git HASH). Do not edit.
