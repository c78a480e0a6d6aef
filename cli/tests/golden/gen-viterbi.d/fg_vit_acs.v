// Copied from rtl/lib/fg_vit_acs.v by fecforge gen V (git HASH). Do not edit.
