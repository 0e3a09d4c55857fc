import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "children"> & {
  children: ReactNode;
  /** What the button reads while its form is being sent, e.g. 'Saving Changes...'. */
  pendingLabel: string;
  /**
   * On a page with several forms, the `intent` field of this button's form, so only
   * that form's button shows as pending.
   */
  intent?: string;
};

/**
 * A submit button that reads `pendingLabel` and is disabled from the moment its form
 * is sent until the next page is ready (the action and the redirect's reload).
 */
export function SubmitButton({ children, pendingLabel, intent, className = "button", disabled, ...rest }: Props) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formData !== undefined &&
    (intent === undefined || navigation.formData.get("intent") === intent);
  return (
    <button type="submit" className={className} disabled={pending || disabled} {...rest}>
      {pending ? pendingLabel : children}
    </button>
  );
}
