"""PDFs: the printout registry keyed by subject (a list, an event), the render queue and its
worker task, the render cache, the drawing machinery (measure, flow, pictures, render) and the
waiting page. Other apps register their printouts and subjects and ask for PDFs through
`forgebuilder.printing.api` alone."""
