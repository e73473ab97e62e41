"""Board files of ttr_nb, shipped as package data (see maps/README.md)."""
