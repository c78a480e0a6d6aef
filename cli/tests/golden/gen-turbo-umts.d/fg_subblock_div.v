// Copied from rtl/lib/fg_subblock_div.v by fecforge gen V (git HASH). Do not edit.
