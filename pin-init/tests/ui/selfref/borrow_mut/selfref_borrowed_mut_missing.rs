// A dependent typed `&'owner mut` whose owner is not `#[borrowed(mut)]`: the initializer binds
// the owner shared, and rustc says that `owner` is a `&` reference there. (There is no warning
// at the field: a `&'owner mut` that does not point into `owner` is valid, and a warning would
// stop a `CONFIG_WERROR` build of such code; DESIGN.md, "Diagnostics".)
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
