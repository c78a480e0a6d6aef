// Copied from rtl/lib/fg_vit_tree.v by fecforge gen V (git HASH). Do not edit.
