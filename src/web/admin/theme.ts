import type { Theme } from '@mui/material';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The site's teal and sun colours, Inter, and touch-sized controls. */
export const adminTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#0f5257', contrastText: '#ffffff' },
    secondary: { main: '#136a66', contrastText: '#ffffff' },
    warning: { main: '#a65e00' },
    background: { default: '#f6f8f7' },
  },
  typography: {
    fontFamily: '"Inter Variable", "Inter", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  shape: { borderRadius: 8 },
  // Colour changes are immediate: a control is never caught half-way between two states, with a
  // contrast neither of them has (and people who prefer less motion get none).
  transitions: { create: () => 'none' },
  components: {
    ...defaultTheme.components,
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiTextField: { defaultProps: { variant: 'outlined' } },
    // Progress indicators (the app bar's while a list reloads, among others) need a name to be read out.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Cargando' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Cargando' } },
    // On a phone a list's "Crear" floats over the page, which left its toolbar an empty band 56 px high
    // above the search: the bar is as high as what it holds.
    RaTopToolbar: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.down('sm')]: { minHeight: 0 } }),
      },
    },
  },
};
