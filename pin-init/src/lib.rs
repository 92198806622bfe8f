//! Safe pinned in-place initialization (work in progress).
#![no_std]
