/** User-facing texts. Those quoted in the product spec are copied exactly; the rest are ours. */
export const MSG = {
  // Sign-up / sign-in (spec 5)
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email too long',
  emailRequired: 'Please enter your email address',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password too long',
  passwordUppercase: 'Include at least one uppercase letter',
  passwordLowercase: 'Include at least one lowercase letter',
  passwordNumber: 'Include at least one number',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidCredentials: 'Invalid login credentials',
  emailTaken: 'User already registered',
  sessionExpired: 'Your session has expired. Please sign in again.',
  recoveryLinkInvalid: 'This password reset link is invalid or has expired',
  // Proving the account's address (decision 0508); not in the spec.
  emailConfirming: 'Confirming your e-mail address...',
  emailConfirmed: 'Your e-mail address is confirmed',
  emailConfirmedDetail: (email: string) => `Thank you: ${email} is confirmed. Taking you to your application...`,
  emailAlreadyConfirmed: 'This e-mail address is already confirmed',
  emailConfirmFailed: 'We could not confirm your e-mail address',
  emailConfirmInvalid:
    'This confirmation link is not valid. Open the link from your latest e-mail exactly as it was sent, or send a new one from your dashboard.',
  emailConfirmExpired: 'This confirmation link has expired. Send a new one from your dashboard.',
  emailUnconfirmedTitle: 'Confirm your e-mail address',
  emailUnconfirmedBody: (email: string) =>
    `We sent a link to ${email} when you signed up. Open it to show that this address is yours. Until then, an introduction request you send to a business is first confirmed by e-mail, like a visitor's.`,
  emailConfirmResend: 'Send the link again',
  emailConfirmResent: (email: string) => `We sent a new confirmation link to ${email}.`,
  emailConfirmResendFailed: 'Could not send the link',
  /** The real wait, in whole minutes rounded up (the 429's Retry-After header gives the seconds). */
  tooManyRequests: (minutes: number) =>
    `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
  notAuthenticated: 'Not authenticated',
  // Idempotency-Key (decision 0340)
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  idempotencyKeyInFlight: 'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
  forbidden: 'You do not have permission to do that',
  /** A city admin asked for another city's record (decision 0601). */
  otherCity: 'This belongs to a city you are not an admin of',
  unknownCity: 'Unknown city',
  everyCityOnly: 'Only an admin of every city can do that',
  notFound: 'Not found',

  // Auth toasts (spec 2 and 8)
  accountCreated: 'Account created! Redirecting to application...',
  welcomeBack: 'Welcome back!',
  resetEmailSent: 'Password reset email sent! Check your inbox.',
  enterNewPassword: 'Enter your new password below',
  passwordUpdated: 'Password updated successfully! Redirecting...',

  // Profile (spec 5, final validation)
  nameRequired: 'Name is required',
  nameTooLong: 'Name too long',
  /** An empty phone on the wizard's step 1 (decision 0660); the spec's format message is for a typed one. */
  phoneRequired: 'Phone number is required',
  phoneFormat: 'Invalid phone number format',
  phoneTooShort: 'Phone number too short',
  phoneTooLong: 'Phone number too long',
  bioTooShort: 'Bio must be at least 10 characters',
  bioTooLong: 'Bio too long',
  neighborhoodTooLong: 'Neighborhood name too long',
  mediaKitUrlInvalid: 'Invalid media kit URL',
  linkHubUrlInvalid: 'Invalid link hub URL',
  nicheRequired: 'Select at least one niche',
  platformRequired: 'Add at least one platform',
  contentTypeRequired: 'Select at least one content type',
  collabTypeRequired: 'Select at least one collaboration type',
  platformNameRequired: 'Platform name required',
  platformUrlInvalid: 'Invalid URL format',
  /** Not in the spec: a handle's link is that platform's address of that handle (decision 0509). */
  platformUrlNotHandle: (platform: string, example: string) =>
    `Link must be the ${platform} address of this handle, like ${example}`,
  followersNegative: 'Followers must be positive',
  followersTooLarge: 'Value too large',
  // Ours: the spec's option lists are closed, so the server refuses values outside them.
  followersNotWhole: 'Followers must be a whole number',
  platformUnknown: 'Unknown platform',
  handleTooLong: 'Handle too long',
  tooManyPlatforms: 'Too many platforms',
  nicheUnknown: 'Unknown niche',
  contentTypeUnknown: 'Unknown content type',
  collabTypeUnknown: 'Unknown collaboration type',
  addPlatformHint: 'You must add at least one platform to continue.',
  validationError: (message: string) => `Validation error: ${message}`,
  saved: 'Saved.',
  saveFailed: 'Failed to save profile',
  somethingWrong: 'Something went wrong. Please try again.',
  /** Not in the spec: the database (or another service we need) cannot be reached for a moment. */
  serviceUnavailable: 'The service is unavailable for a moment. Please try again shortly.',
  /** Not in the spec: a NUL character or half an emoji cannot be stored (decision 0504). */
  textUnstorable:
    'This text contains a character we cannot store (a NUL character or a broken emoji). Please retype it.',
  /** Not in the spec: names, handles, phones and links are one line each (decision 0504). */
  singleLine: 'This must fit on one line',

  // Image (spec 5 and 8)
  imageNotImage: 'Please upload an image file',
  imageTooLarge: 'Image must be less than 5MB',
  /** Not in the spec: a small file can hold an enormous picture (docs/decisions/0305-image-bombs.md). */
  imageTooManyPixels: 'Image must be at most 16 megapixels (for example 4096 × 4096 pixels)',
  imageUploadFailed: 'Failed to upload image',
  /** Not in the spec: profile_image_url names a photo other than the caller's own upload. */
  imageNotOwn: 'The profile photo must be one you uploaded to your own profile',
  imageUploaded: 'Profile image uploaded!',

  // Dashboard
  linkCopied: 'Link copied to clipboard!',
  /** The dashboard's live badge card (decision 0802). */
  badgeCodeCopied: 'Badge code copied to clipboard!',
  rejectedDefault: 'Your application was not approved.',

  // Admin (spec 8)
  adminError: 'Error',
  adminStatusFailed: 'Failed to update status',
  adminApproved: 'Approved!',
  adminRejected: 'Rejected',
  adminCreatorStatus: (status: string) => `Creator has been ${status}`,
  phoneToggleFailed: 'Failed to update phone verification',
  phoneToggleUpdated: 'Updated!',
  phoneVerificationEnabled: 'Phone verification enabled',
  phoneVerificationDisabled: 'Phone verification disabled',
  noPendingApplications: 'No pending applications to review',
  noCreatorsFound: 'No creators found',
  profileNotFound: 'Profile not found',
  notPending: 'This application has already been decided',
  phoneToggleNeedsApproval: 'Phone verification can only be changed for approved creators',
  creatorChanged: 'This creator changed since you opened it. Reload to see the current state.',
  notesOnlyWithRejection: 'Notes are sent with a rejection only. Clear them to approve.',
  badVersion: 'version must be the whole number of the record you decided on',

  // Amplify (spec 5 and 8)
  businessNameRequired: 'Business name is required',
  businessNameTooLong: 'Business name too long',
  contactNameRequired: 'Contact name is required',
  contactNameTooLong: 'Contact name too long',
  categoryRequired: 'Please choose a category',
  storyRequired: 'Please tell us your story',
  storyTooLong: 'Story too long',
  websiteInvalid: 'Invalid website or social link',
  typeOfHelpUnknown: 'Unknown type of help',
  applicationSubmitted: 'Application submitted!',
  founderReviews: 'Our founder personally reviews every submission.',
  submissionFailed: 'Submission failed',
  interestSubmitted: 'Interest submitted!',
  interestFailed: 'Failed to submit',
  interestNameRequired: 'Name is required',
  linksTooLong: 'Links too long',
  messageTooLong: 'Message too long',
  submissionNotFeatured: 'This business is not accepting introductions',
  // Ours (decisions 0110, 0111): confirming a visitor's introduction request, and its limits.
  interestWillBeNotified: (business: string) => `${business} will be notified by e-mail.`,
  interestConfirmationSent: (email: string, hours: number) =>
    `We sent a confirmation link to ${email}. Open it within ${hours} hours and we will pass your request on to the business owner.`,
  interestConfirmed: 'Introduction request sent!',
  interestConfirmedDetail: (business: string) => `${business} has your request and will reply to you by e-mail.`,
  interestConfirmFailed: 'We could not confirm this request',
  interestAlreadyConfirmed: 'Already confirmed',
  interestConfirming: 'Confirming your introduction request...',
  interestLinkInvalid:
    'This confirmation link is not valid. Please open the link from your e-mail exactly as it was sent.',
  interestLinkUsed: 'This confirmation link was already used: your introduction request has been sent.',
  interestLinkExpired: 'This confirmation link has expired. Please send your introduction request again.',
  interestAddressLimit: (limit: number, wait: string) =>
    `Too many introduction requests from this e-mail address (at most ${limit} a day). Please try again in ${wait}.`,
  interestBusinessLimit: (wait: string) =>
    `This business has received as many introduction requests as it can take for now. Please try again in ${wait}.`,
  statusUpdated: 'Status updated',
  addedToFeatured: 'Added to featured',
  removedFromFeatured: 'Removed from featured',
  updateFailed: 'Update failed',
  featureNeedsApproval: 'Only approved businesses can be featured',
  submissionChanged: 'This submission changed since you opened it. Reload to see the current state.',
  noFeaturedBusinesses: 'No Featured Businesses Yet',

  // Rate calculator (spec 8)
  calculatorOops: 'Oops!',
  calculatorInvalid: 'Please enter a valid number of followers.',

  // Ours: brands write to a creator through the profile's Contact form (decision 0501).
  contactBrandRequired: 'Brand name is required',
  contactMessageRequired: 'Message is required',
  contactBudgetInvalid: 'Choose a budget from the list',
  contactSent: 'Message sent!',
  contactSentDetail: (name: string) => `${name} gets your message by e-mail and can reply to you directly.`,
  contactFailed: 'Your message was not sent',
  contactClosed: 'This creator does not take messages here',
  contactAddressLimit: (limit: number, wait: string) =>
    `Too many messages from this e-mail address (at most ${limit} a day). Please try again in ${wait}.`,
  contactCreatorLimit: (wait: string) =>
    `This creator has received as many messages as we pass on in a day. Please try again in ${wait}.`,
  // Ours: unproven senders have their own small allowance per creator (decision 0840).
  contactUnprovenCreatorLimit: (wait: string) =>
    `This creator has received as many messages from unconfirmed addresses as we pass on in a day. Save them to a shortlist and write from there (we confirm your address with a link), sign in with a confirmed address, or try again in ${wait}.`,
  contactLinkUnknown: 'Choose links from your own profile',
  contactEnabledInvalid: 'contact_enabled must be true or false',
  contactSettingsSaved: 'Contact settings saved',

  // Ours: handle ownership proof (decision 0502).
  handleChanged: 'This handle changed since you opened it. Reload to see the current one.',
  handleConfirmed: 'Handle confirmed',
  handleUnconfirmed: 'Confirmation taken back',

  // Ours: fresh follower counts (decision 0503).
  followersConfirmed: 'Follower counts confirmed',

  // Local audience (not in the spec; decision 0720)
  localAudienceBadDate: 'Please give the date as YYYY-MM-DD',
  localAudienceFutureDate: 'The date cannot be in the future',
  localAudienceOldDate: 'The date must be within the last 180 days',
  localAudiencePlatform: 'Please choose the platform the screenshot is from',
  localAudienceNoFile: 'Please upload a screenshot of your audience insights',
  localAudienceNoProfile: 'Create your profile before proving a local audience',
  localAudienceBadShare: 'The share must be a whole number from 0 to 100',
  localAudienceReason: 'Please give a reason (at most 500 characters)',
  localAudienceDecided: 'This check was already decided',
  localAudienceNotFound: 'Local audience check not found',
  localAudienceSent: 'Screenshot sent. An admin will check it.',

  pageNotFound: 'Oops! Page not found',
  useAuthOutsideProvider: 'useAuth must be used within an AuthProvider',
} as const;
