import type { ReactNode } from "react";
import { Card, OdinMark, PageHeader } from "@/components/ui";

export interface SignInFrameProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The card of the login and callback screens: Odin's mark, a title, and the state below. */
export function SignInFrame({ title, description, children }: SignInFrameProps) {
  return (
    <div className="centered-page">
      <Card className="sign-in">
        <OdinMark className="sign-in__mark" />
        <PageHeader title={title} description={description} />
        <div className="sign-in__state">{children}</div>
      </Card>
    </div>
  );
}
