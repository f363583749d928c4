import { useCallback, useState } from "react";
import { RouterProvider } from "react-router-dom";
import { AppProvider } from "./provider";
import { createAppRouter } from "./router";

export function App() {
  const [router] = useState(createAppRouter);
  const navigate = useCallback((to: string) => void router.navigate(to, { replace: true }), [router]);
  return (
    <AppProvider onNavigate={navigate}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
