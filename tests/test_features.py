"""The rulebook of UNO DUO: every scenario of features/ as a test."""

from pytest_bdd import scenarios

scenarios(".")
