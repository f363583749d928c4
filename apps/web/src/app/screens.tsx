import type { ComponentType } from "react";
import type { WEB_ROUTES } from "@odin/contract";
import { ChangePasswordScreen } from "@/features/account/components/change-password-screen";
import { ProfileScreen } from "@/features/account/components/profile-screen";
import { AdminScreen } from "@/features/admin/components/admin-screen";
import { DeliveryLogCard } from "@/features/alert-delivery/components/delivery-log-card";
import { GroupAlertSettingsCard } from "@/features/alert-delivery/components/group-alert-settings-card";
import { WebhooksScreen } from "@/features/alert-delivery/components/webhooks-screen";
import { MfaPolicyCard } from "@/features/admin/components/mfa-policy-card";
import { AlertDetailScreen } from "@/features/alerts/components/alert-detail-screen";
import { AlertGroupHistoryScreen } from "@/features/alerts/components/alert-group-history-screen";
import { AlertGroupsScreen } from "@/features/alerts/components/alert-groups-screen";
import { CreateGroupScreen } from "@/features/alerts/components/create-group-screen";
import { EditAlertsPermissionsScreen } from "@/features/alerts/components/edit-alerts-permissions-screen";
import { EditGroupScreen } from "@/features/alerts/components/edit-group-screen";
import { groupManagersOnly } from "@/features/alerts/components/groups-access-denied";
import { GroupDetailsScreen } from "@/features/alerts/components/group-details-screen";
import { AuditLogScreen } from "@/features/audit/components/audit-log-screen";
import { ReviewScreen } from "@/features/review/components/review-screen";
import { VerifyExportScreen } from "@/features/exports/components/verify-export-screen";
import { CallbackScreen } from "@/features/auth/components/callback-screen";
import { LoginScreen } from "@/features/auth/components/login-screen";
import { AxonIntegrationScreen } from "@/features/integrations/components/axon-integration-screen";
import { IntegrationsScreen } from "@/features/integrations/components/integrations-screen";
import { RavenIntegrationsScreen } from "@/features/integrations/components/raven-integrations-screen";
import { RekorKeysScreen } from "@/features/integrations/components/rekor-keys-screen";
import { PrivacyScreen } from "@/features/legal/components/privacy-screen";
import { TermsScreen } from "@/features/legal/components/terms-screen";
import { TransparencyIndexScreen } from "@/features/transparency/components/transparency-index-screen";
import { TransparencyScreen } from "@/features/transparency/components/transparency-screen";
import { CameraManagementScreen } from "@/features/owner/components/camera-management-screen";
import { OwnerScreen } from "@/features/owner/components/owner-screen";
import { ResultsScreen } from "@/features/search/components/results-screen";
import { SearchScreen } from "@/features/search/components/search-screen";

export type WebRoute = (typeof WEB_ROUTES)[number];

// Features do not import each other (eslint.config.js): a screen showing another feature's card gets it here.
const AlertDetailRoute = () => (
  <AlertDetailScreen extraCards={(alertId) => <DeliveryLogCard alertId={alertId} />} />
);
const EditGroupRoute = () => (
  <EditGroupScreen extraCards={(groupId) => <GroupAlertSettingsCard groupId={groupId} />} />
);
const OwnerRoute = () => <OwnerScreen extraCards={<MfaPolicyCard scope="all" />} />;

/**
 * The screen of every web route of the contract. Typed as a Record over WEB_ROUTES, so a route added to
 * the contract without a screen here fails the type check (and router.test.tsx).
 */
export const SCREENS: Record<WebRoute, ComponentType> = {
  "/": LoginScreen,
  "/search": SearchScreen,
  "/results": ResultsScreen,
  "/callback": CallbackScreen,
  "/profile": ProfileScreen,
  "/change-password": ChangePasswordScreen,
  "/alerts": AlertGroupsScreen,
  "/alerts/group/:groupId": AlertGroupHistoryScreen,
  "/alert-history-detail/:alertId": AlertDetailRoute,
  "/groups/:groupId": GroupDetailsScreen,
  "/groups/:groupId/details": GroupDetailsScreen,
  // Issue 20 item 8: 'Access Denied' before a form the server would refuse.
  "/groups/:groupId/edit": groupManagersOnly(EditGroupRoute),
  "/create-group": groupManagersOnly(CreateGroupScreen),
  "/edit-alerts-permissions": groupManagersOnly(EditAlertsPermissionsScreen),
  "/admin": AdminScreen,
  "/admin/webhooks": WebhooksScreen,
  "/api-keys": IntegrationsScreen,
  "/integrations/rekor": RekorKeysScreen,
  "/integrations/axon": AxonIntegrationScreen,
  "/integrations/raven": RavenIntegrationsScreen,
  "/owner": OwnerRoute,
  "/rekor-camera-management": CameraManagementScreen,
  "/audit-log": AuditLogScreen,
  "/terms": TermsScreen,
  "/privacy": PrivacyScreen,
  "/verify-export": VerifyExportScreen,
  "/review": ReviewScreen,
  "/transparency": TransparencyIndexScreen,
  "/transparency/:code": TransparencyScreen,
};
