// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Replacing `Self` in field types, for items emitted outside the struct's own scope.

use syn::{visit_mut::VisitMut, ExprPath, Item, Path, QSelf, Type, TypePath};

/// Replaces `Self` in types by `self_ty` (`Self::X` becomes `<SelfTy>::X`), also in the
/// expressions a type contains (a const generic argument `{ Self::N }`, an array length
/// `Self::LEN`), but not inside items a type may contain (a block's `impl`, `fn`, ...), where
/// `Self` means something else.
pub(crate) struct ReplaceSelf<'a> {
    /// The type that `Self` stands for.
    pub(crate) self_ty: &'a Type,
}

impl ReplaceSelf<'_> {
    /// Returns `ty` with `Self` replaced.
    pub(crate) fn replaced(&mut self, ty: &Type) -> Type {
        let mut ty = ty.clone();
        self.visit_type_mut(&mut ty);
        ty
    }
}

impl ReplaceSelf<'_> {
    /// `Self::REST` as `(<SelfTy>, ::REST)`, the qualified self and the path after it.
    fn qualified(&self, path: &Path) -> Option<(QSelf, Path)> {
        let starts_with_self = path.leading_colon.is_none()
            && path.segments.len() > 1
            && path.segments.first().is_some_and(|s| s.ident == "Self");
        if !starts_with_self {
            return None;
        }
        let mut rest = path.clone();
        rest.segments = path.segments.iter().skip(1).cloned().collect();
        rest.leading_colon = Some(Default::default());
        let qself = QSelf {
            lt_token: Default::default(),
            ty: Box::new(self.self_ty.clone()),
            position: 0,
            as_token: None,
            gt_token: Default::default(),
        };
        Some((qself, rest))
    }
}

impl VisitMut for ReplaceSelf<'_> {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        if let Type::Path(TypePath { qself: None, path }) = ty {
            if path.is_ident("Self") {
                *ty = self.self_ty.clone();
                return;
            }
            if let Some((qself, path)) = self.qualified(path) {
                *ty = Type::Path(TypePath {
                    qself: Some(qself),
                    path,
                });
            }
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }

    fn visit_expr_path_mut(&mut self, expr: &mut ExprPath) {
        if expr.qself.is_none() {
            if let Some((qself, path)) = self.qualified(&expr.path) {
                expr.qself = Some(qself);
                expr.path = path;
            }
        }
        syn::visit_mut::visit_expr_path_mut(self, expr);
    }

    fn visit_item_mut(&mut self, _: &mut Item) {
        // An item starts a new scope for `Self` (or has none): leave it as written.
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;
    use syn::parse_quote;

    fn text(ty: &Type) -> String {
        quote!(#ty).to_string().replace(' ', "")
    }

    #[test]
    fn replaces_self_and_associated_paths() {
        let self_ty: Type = parse_quote!(Foo<T>);
        let mut r = ReplaceSelf { self_ty: &self_ty };
        let ty = r.replaced(&parse_quote!(Option<*mut Self>));
        assert_eq!(text(&ty), "Option<*mutFoo<T>>");
        let ty = r.replaced(&parse_quote!(Self::Item));
        assert_eq!(text(&ty), "<Foo<T>>::Item");
        let ty = r.replaced(&parse_quote!(u32));
        assert_eq!(text(&ty), "u32");
    }

    #[test]
    fn replaces_self_in_the_expressions_of_a_type_but_not_in_its_items() {
        let self_ty: Type = parse_quote!(Foo<T>);
        let mut r = ReplaceSelf { self_ty: &self_ty };
        let ty = r.replaced(&parse_quote!(List<{ Self::ID }>));
        assert_eq!(text(&ty), "List<{<Foo<T>>::ID}>");
        let ty = r.replaced(&parse_quote!([u8; Self::LEN]));
        assert_eq!(text(&ty), "[u8;<Foo<T>>::LEN]");
        let ty = r.replaced(&parse_quote!(
            [u8; {
                struct X;
                impl X {
                    const N: usize = 1;
                    fn f() -> Self {
                        X
                    }
                }
                X::N
            }]
        ));
        assert!(text(&ty).contains("fnf()->Self"), "{}", text(&ty));
    }
}
