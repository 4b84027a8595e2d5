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
  components: {
    ...defaultTheme.components,
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiTextField: { defaultProps: { variant: 'outlined' } },
  },
};
