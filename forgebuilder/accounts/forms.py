from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=True, help_text="Used only to reset your password.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_email(self) -> str:
        # Never say whether an address is registered: that would tell anyone who has an
        # account here. Two accounts may share an address; a reset mail then names both.
        return self.cleaned_data["email"].strip().lower()


class AccountDeleteForm(forms.Form):
    """Deleting an account asks for its password again: an unlocked device is not enough."""

    password = forms.CharField(
        label="Your password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text="To make sure it is you.",
    )

    def __init__(self, user, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(
                "That is not your password: the account was not deleted.", code="wrong_password"
            )
        return password
