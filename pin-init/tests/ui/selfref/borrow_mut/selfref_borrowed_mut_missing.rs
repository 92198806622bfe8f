// A dependent typed `&'owner mut` whose owner is not `#[borrowed(mut)]`: the initializer binds
// the owner shared, and the warning at the field says to add `#[borrowed(mut)]` to `owner`.
use pin_init::*;

#[pin_data]
struct Buf {
    head: &'owner mut [u8],
    owner: Vec<u8>,
}

fn main() {
    let _ = pin_init!(Buf {
        owner: vec![0; 4],
        head: &mut owner[..2],
    });
}
