import type { Me } from '@veracity/contracts/account';
import { useEffect } from 'react';
import { useClientConfig } from '../client-config/client-config.api';
import { readGhost } from '../session/session-storage';
import { shutdownSupportChat, startSupportChat, supportChatAllowed } from './support-chat';

/**
 * The support chat of signed-in screens: loaded when the installation configures one and this person
 * may use it (supportChatAllowed), identified with their e-mail and account, shut down when that
 * stops being true (a support session opened in this tab). Renders nothing itself.
 */
export function SupportChat({ me }: { me: Me }) {
  const config = useClientConfig().data?.supportChat;
  const ghost = readGhost().ghost;
  const { id, email, firstName, companyName, relationshipId, planType, isDemo } = me;
  const meGhost = me.ghost;

  useEffect(() => {
    if (config === undefined) return;
    const person = { id, email, firstName, companyName, relationshipId, planType, isDemo, ghost: meGhost };
    const input = { config, me: person, ghost, hostname: window.location.hostname };
    if (supportChatAllowed(input)) startSupportChat(input.config, person);
    else shutdownSupportChat();
  }, [config, ghost, id, email, firstName, companyName, relationshipId, planType, isDemo, meGhost]);

  return null;
}
