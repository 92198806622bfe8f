//! Proc macros of `pin-init` (work in progress).
