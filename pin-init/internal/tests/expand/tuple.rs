// SPDX-License-Identifier: Apache-2.0 OR MIT

// A tuple struct, initialized in both forms.
#[pin_data]
struct Pair(#[pin] u8, u16);

fn pairs() -> (impl PinInit<Pair>, impl PinInit<Pair>) {
    (pin_init!(Pair { 0 <- 1u8, 1: 2 }), pin_init!(Pair(3, 4)))
}
