// The derives paste the generics and where clause twice: on the `unsafe impl Zeroable` and on
// the never-called function that checks the fields under them. A stateful proc macro in the
// where clause expanded to `()` in the impl and in the struct, but to `Box<T>` in the check,
// which then assumed `Box<T>: Zeroable`: `Z<u8>` was `Zeroable` with a `Box` field, and
// `Box::init(init_zeroed())` made a null `Box` (a SEGV under AddressSanitizer). Macros in the
// generics or where clause of a derive input are refused.
use pin_init::*;
use pin_init_test_macros::alternate;

#[derive(Zeroable)]
struct Z<T>
where
    alternate!((); Box<T>): Zeroable,
{
    b: Box<T>,
}

#[derive(MaybeZeroable)]
struct M<T: Into<alternate!(u8; u16)>> {
    b: T,
}

fn main() {
    let z: Box<Z<u8>> = Box::init(init_zeroed()).unwrap();
    println!("{}", *z.b);
}
